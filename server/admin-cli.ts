// `npm run admin:create -- --email you@example.com [--first-name Ada] [--last-name Lovelace]`:
// makes the store's first administrator (or promotes an existing account) and prints a one-time
// link to set the password. Two-factor authentication is then asked for before /admin opens.
// A composition root (eslint.config.js): it runs the staff feature's grant.
import { emailSchema } from '../app/commerce/email';
import { authMails } from '../app/features/account/account-mail.server';
import { grantStaffRole } from '../app/features/staff/staff-accounts.server';
import { createAuth } from './auth/auth';
import { runCommand, UsageError } from './cli/command';
import { formatDuration } from './cli/progress';
import { withDatabase } from './db/database-command';
import { migrateToLatest } from './db/migrate';
import { parseEnv } from './env';
import { createLogger } from './logger';
import { createJobQueue } from './jobs';
import { createJobContents } from './jobs/contents';
import { createOutbox } from './mail/outbox';
import { createSmsOutbox } from './sms/sms';

await runCommand({
  name: 'admin:create',
  summary:
    "Makes the store's first administrator (or promotes an existing account) and prints a one-time " +
    'link to set the password. Two-factor authentication is then asked for before /admin opens.',
  options: {
    email: {
      type: 'string',
      valueName: 'EMAIL',
      description: "the administrator's email address (required)",
    },
    'first-name': { type: 'string', valueName: 'NAME', default: 'Store', description: 'their first name' },
    'last-name': {
      type: 'string',
      valueName: 'NAME',
      default: 'Administrator',
      description: 'their last name',
    },
  },
  run: async ({ options, progress }) => {
    // The store's one email rule (trimmed, at most 254 characters); the message is the command's own.
    const email = emailSchema.safeParse(options.email ?? '');
    if (!email.success)
      throw new UsageError(
        options.email ? `${options.email} is not a valid email address` : 'an --email is needed',
      );
    const firstName = options['first-name'].trim().slice(0, 50) || 'Store';
    const lastName = options['last-name'].trim().slice(0, 50) || 'Administrator';
    const env = parseEnv();
    return withDatabase(async (database) => {
      await migrateToLatest(database, {
        onApplied: (name, ms) => progress.step(`applied ${name} (${formatDuration(ms)})`),
      });
      const logger = createLogger({ level: 'silent', pretty: false });
      // A mail the account makes is queued: the running store sends it.
      const jobs = await createJobQueue(database, logger);
      const contents = createJobContents(database.db);
      const auth = createAuth(
        env,
        database,
        createOutbox(jobs, contents, env),
        authMails,
        createSmsOutbox(jobs, contents),
      );
      const { created, link } = await grantStaffRole(
        auth,
        database.db,
        { email: email.data, firstName, lastName, role: 'admin' },
        null,
        env.APP_URL,
      ).finally(() => jobs.stop(1_000));
      return [
        `${created ? 'Created' : 'Promoted'} ${email.data} as an administrator.`,
        `Set the password within 72 hours at this one-time link:`,
        link,
        'Then sign in and turn on two-factor authentication in My Account: /admin opens after that.',
      ].join('\n');
    });
  },
});
