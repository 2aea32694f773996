import type { FeatureModule } from '../modules';
import { SEND_MAIL_TASK } from './queue-mail';
import { sendMailTask } from './send-mail.task';
import { sweepMail } from './sweep-mail';

/**
 * The mail outbox: the send job of every email, and emails whose send job was lost (a crash between commit and enqueue, or a worker that died
 * mid-send). The kinds of email are contributed by the features that own them (their module's `mail`).
 */
export const mailModule: FeatureModule = {
  name: 'mail',
  tasks: { [SEND_MAIL_TASK]: sendMailTask },
  sweeps: [{ name: 'mail sweep', order: 20, run: sweepMail }],
};
