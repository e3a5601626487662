import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';

/** Sends mail through `SMTP_URL` (npm start runs a local sink that prints mails when none is configured). */
@Injectable()
export class Mailer {
  private readonly logger = new Logger('Mailer');
  private transport: Transporter | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get transporter(): Transporter {
    if (!this.config.SMTP_URL) throw new AppError(503, 'email_send_failed');
    this.transport ??= nodemailer.createTransport(this.config.SMTP_URL);
    return this.transport;
  }

  async send(to: string, subject: string, text: string): Promise<void> {
    try {
      await this.transporter.sendMail({ from: this.config.MAIL_FROM, to, subject, text });
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.logger.error(`Mail to ${to} failed: ${(error as Error).message}`);
      throw new AppError(503, 'email_send_failed');
    }
  }
}
