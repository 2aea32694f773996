import { graphql } from '../../gql';

export const CaseMetricsQuery = graphql(`
  query ConsoleCaseMetrics($from: DateTimeISO!, $to: DateTimeISO!, $queueId: ID) {
    caseMetrics(from: $from, to: $to, queueId: $queueId) {
      openTotal
      openByStatus {
        status
        count
      }
      openByStage {
        stage
        count
      }
      timeInStatus {
        status
        spells
        p50Seconds
        p90Seconds
      }
      decisions {
        total
        automatic
        automaticShare
        firstTimeRight
        firstTimeRightShare
        byOutcome {
          outcome
          count
          automatic
        }
      }
      analysts {
        analyst
        casesClosed
        medianHandlingSeconds
      }
      sla {
        breachedNow
      }
      mode
      liveOnly
    }
  }
`);

export const DashboardQueuesQuery = graphql(`
  query ConsoleDashboardQueues {
    queues {
      id
      name
    }
  }
`);
