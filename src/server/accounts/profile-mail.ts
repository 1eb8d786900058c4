// The notice mailed to the OLD address when the e-mail address, the payout details (bank, account
// number) or the password of an account change (UserService.patchMe): if a stolen session made the
// change, the owner learns of it while the cooling-off still holds withdrawals to the new account.
import { BANKS } from '../../shared/api/enums';
import type { MailMessage } from '../core/mail';

export interface ProfileChange {
  username: string;
  /** The address before the change: the notice goes there. */
  to: string;
  at: Date;
  email?: string;
  payout?: { bank: string; accountNumber: string; holdUntil: Date | null };
  password?: boolean;
  supportEmail?: string;
  /** Link to the forgotten-password page. */
  forgotUrl: string;
}

/** `2025-06-01 14:30`, Ulaanbaatar time (UTC+8): one form both languages read. */
export function ulaanbaatarTime(d: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Ulaanbaatar', dateStyle: 'short', timeStyle: 'short' }).format(d);
}

/** Only the last four digits: enough for the owner to recognise the account. */
const masked = (account: string) => `…${account.slice(-4)}`;

export function profileChangeMail(c: ProfileChange): MailMessage {
  const bank = c.payout && BANKS.find((b) => b.code === c.payout!.bank);
  const when = ulaanbaatarTime(c.at);
  const en: string[] = [];
  const mn: string[] = [];
  if (c.email !== undefined) {
    en.push(`- e-mail address: now ${c.email}`);
    mn.push(`- имэйл хаяг: одоо ${c.email}`);
  }
  if (c.payout) {
    en.push(`- bank account for withdrawals: now ${bank?.name ?? c.payout.bank}, account ${masked(c.payout.accountNumber)}`);
    mn.push(`- мөнгө татах данс: одоо ${bank?.nameMn ?? c.payout.bank}, ${masked(c.payout.accountNumber)} данс`);
  }
  if (c.password) {
    en.push('- password');
    mn.push('- нууц үг');
  }
  const hold = c.payout?.holdUntil ? ulaanbaatarTime(c.payout.holdUntil) : null;
  const support = c.supportEmail ?? '';
  return {
    to: c.to,
    subject: 'Mongol Poker: your account details were changed / Таны бүртгэлийн мэдээлэл өөрчлөгдлөө',
    text:
      `Hello ${c.username},\n\nOn ${when} (Ulaanbaatar time) these details of your Mongol Poker account were changed:\n${en.join('\n')}\n\n` +
      (hold ? `Withdrawals to the new bank account can be paid from ${hold} (Ulaanbaatar time) on.\n\n` : '') +
      `If you made this change, you need not do anything. If you did not, contact our support${support ? ` at ${support}` : ''} at once, ` +
      `and choose a new password here:\n${c.forgotUrl}\n\n` +
      `Сайн байна уу, ${c.username}.\n\nТаны Mongol Poker бүртгэлийн дараах мэдээлэл өөрчлөгдлөө (${when}, Улаанбаатарын цагаар):\n${mn.join('\n')}\n\n` +
      (hold ? `Шинэ данс руу мөнгө шилжүүлэх боломжтой болох хугацаа: ${hold} (Улаанбаатарын цагаар).\n\n` : '') +
      `Хэрэв энэ өөрчлөлтийг та хийсэн бол юу ч хийх шаардлагагүй. Хэрэв та хийгээгүй бол ${support ? `${support} хаягаар ` : ''}тусламжийн албатай нэн даруй холбогдож, ` +
      `энд шинэ нууц үг сонгоно уу:\n${c.forgotUrl}\n`,
  };
}
