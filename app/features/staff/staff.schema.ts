import { z } from 'zod';
import { lowercaseEmailSchema } from '~/commerce/email';

export const inviteSchema = z.strictObject({
  email: lowercaseEmailSchema,
  firstName: z
    .string()
    .trim()
    .min(1, 'Enter the first name')
    .max(50, 'Keep the first name under 50 characters'),
  lastName: z.string().trim().min(1, 'Enter the last name').max(50, 'Keep the last name under 50 characters'),
  role: z.enum(['staff', 'admin'], { error: 'Choose a role' }),
});

export const roleChangeSchema = z.strictObject({
  userId: z.string().min(1).max(100),
  role: z.enum(['customer', 'staff', 'admin'], { error: 'Choose a role' }),
});
