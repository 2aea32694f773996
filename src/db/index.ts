export { Tx, inTransaction } from './transaction';
export {
  createDataSource, connectDataSource, ensureMysqlDatabase, dropMysqlDatabase, runMigrations, DatabaseUnavailableError,
} from './data-source';
