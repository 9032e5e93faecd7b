import { betterAuth } from 'better-auth';
import { authOptions } from '/work/wt-a/server/auth/options';
import { parseEnv } from '/work/wt-a/server/env';
const env = parseEnv({ NODE_ENV: 'test', APP_URL: 'http://127.0.0.1:3000', AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/a-data' });
const noop = async () => {};
const auth = betterAuth(authOptions(env, {} as never, 'sqlite', { sendVerificationEmail: noop, sendResetPassword: noop, sendSignInCode: noop, sendSignInLink: noop, sendEmailChange: noop, sendPhoneCode: noop }));
for (const [k, v] of Object.entries(auth.api)) { const e = v as any; console.log(k, e.path, JSON.stringify(e.options?.method), e.options?.metadata?.SERVER_ONLY ? 'SERVER_ONLY':'' , JSON.stringify(e.options?.metadata?.allowedMediaTypes ?? '')); }
