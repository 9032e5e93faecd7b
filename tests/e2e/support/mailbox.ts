import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * The e2e server runs without SMTP_URL, so the store writes every mail as an .eml file in its
 * data folder (server/mail/mailer.ts). Tests read their mail from there.
 */
export interface FoundMail {
  text: string;
  links: string[];
  /** The header block, unfolded (RFC 5322): one header a line. */
  headers: string;
  /** The attached files (an invoice's PDF), decoded. */
  attachments: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** `subject`: the exact subject, or a pattern (a subject that carries a code). */
export async function waitForMail(
  to: string,
  subject: string | RegExp,
): Promise<FoundMail & { subject: string }> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found: (FoundMail & { subject: string }) | undefined;
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        for (const file of files) {
          const raw = readFileSync(path.join(folder, file));
          const mail = await simpleParser(raw);
          const recipients = [mail.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((v) => v.address);
          const subjectMatches =
            typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? '');
          if (subjectMatches && recipients.includes(to)) {
            const text = mail.text ?? '';
            const headers = raw
              .toString('utf8')
              .split(/\r?\n\r?\n/)[0]!
              .replace(/\r?\n[ \t]+/g, ' ');
            found = {
              text,
              links: text.match(/https?:\/\/\S+/g) ?? [],
              headers,
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                content: a.content,
              })),
              subject: mail.subject ?? '',
            };
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}
