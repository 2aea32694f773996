import type { FeatureModule } from '../modules';
import { sweepMail } from './sweep-mail';

/**
 * The mail outbox: emails whose send job was lost (a crash between commit and enqueue, or a worker that died
 * mid-send). The kinds of email are contributed by the features that own them (their module's `mail`).
 */
export const mailModule: FeatureModule = {
  name: 'mail',
  sweeps: [{ name: 'mail sweep', order: 20, run: sweepMail }],
};
