// Outgoing mail: SMTP via nodemailer when SMTP_URL is set, else the message goes to the log.
import nodemailer, { type Mail } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * Without SMTP: in development the whole mail goes to the log (a reset link can be followed from
 * there); in production (`withBody` false) only that a mail was not sent, since its links carry
 * tokens and no secret may reach a production log.
 */
export class LogMailTransport implements MailTransport {
  constructor(
    private readonly log: (msg: string) => void,
    private readonly withBody = true,
  ) {}
  async send(m: MailMessage): Promise<void> {
    this.log(this.withBody ? `mail to ${m.to}: ${m.subject}\n${m.text}` : `mail to ${m.to} not sent (SMTP_URL is not set): ${m.subject}`);
  }
}

export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Mail;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(m: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}
