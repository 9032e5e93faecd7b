import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * The e2e server runs without SMTP_URL, so the store writes every mail as an .eml file in its
 * data folder (server/mail/mailer.ts). Tests read their mail from there.
 */
export async function waitForMail(to: string, subject: string): Promise<{ text: string; links: string[] }> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found: { text: string; links: string[] } | undefined;
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
          const mail = await simpleParser(readFileSync(path.join(folder, file)));
          const recipients = [mail.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((v) => v.address);
          if (mail.subject === subject && recipients.includes(to)) {
            const text = mail.text ?? '';
            found = { text, links: text.match(/https?:\/\/\S+/g) ?? [] };
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
