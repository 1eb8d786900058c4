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

export class LogMailTransport implements MailTransport {
  constructor(private readonly log: (msg: string) => void) {}
  async send(m: MailMessage): Promise<void> {
    this.log(`mail to ${m.to}: ${m.subject}\n${m.text}`);
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
