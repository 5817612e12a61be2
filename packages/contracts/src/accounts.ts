import { z } from 'zod';

/** Accounts: the spec's payloads (01 §3, §5; 02 §2) with its validation messages, shared by browser and server. */
export const ROLES = ['VENDOR', 'CUSTOMER', 'ADMIN'] as const;
export const roleName = z.enum(ROLES);
export type Role = z.infer<typeof roleName>;
/** A role as a request names it: any case is accepted ('vendor', 'Vendor', 'VENDOR'), upper case is what the code sees. */
const roleNameInput = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), roleName);

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_TRIES = 5;
export const OTP_PURPOSES = ['VERIFY_EMAIL', 'LOGIN', 'RESET_PASSWORD'] as const;
export const otpPurpose = z.enum(OTP_PURPOSES);
export type OtpPurpose = z.infer<typeof otpPurpose>;

/** 10 digits starting 6 to 9 (the +91 prefix is fixed and not sent). */
export const PHONE_PATTERN = /^[6-9]\d{9}$/;
export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .regex(PHONE_PATTERN, 'Invalid phone number');

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const PASSWORD_MIN = 8;
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must be at most 128 characters')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/\d/, 'Password must contain a number');

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`);

export const otpField = z
  .string({ error: 'Enter the 6-digit code' })
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** Sign-up form and payload (vendors on the platform; customers with the store-origin header). */
export const signupBody = z
  .strictObject({
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
    email: emailField,
    phone: phoneField,
    password: newPasswordField,
    confirm_password: z
      .string({ error: 'Confirm password is required' })
      .min(1, 'Confirm password is required'),
    role_name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(['VENDOR', 'CUSTOMER']),
    ),
    terms: z.literal(true, { error: 'Please accept the terms and privacy policy' }),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type SignupBody = z.input<typeof signupBody>;

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  role_name: roleNameInput,
  remember: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

/** Verify a code: email verification, OTP sign-in, or (with purpose RESET_PASSWORD) checking a reset code. */
export const verifyOtpBody = z.strictObject({
  verification_field: emailField,
  otp: otpField,
  verification_type: z.literal('email').default('email'),
  role_name: roleNameInput,
  purpose: otpPurpose.default('VERIFY_EMAIL'),
  remember: z.boolean().default(false),
});

/** Ask for a code: resend verification, OTP sign-in, or forgot password. */
export const sendOtpBody = z.strictObject({
  email: emailField,
  role_name: roleNameInput,
  purpose: otpPurpose.default('VERIFY_EMAIL'),
});

export const resetPasswordBody = z
  .strictObject({
    email: emailField,
    otp: otpField,
    password: newPasswordField,
    confirm_password: z.string().min(1, 'Confirm password is required'),
    role_name: roleNameInput,
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });

export const refreshBody = z.strictObject({ refresh_token: z.string().min(20).max(200) });

/**
 * "Continue as": the refresh token of the shopper's session at another shop, exchanged for a session at the shop in
 * store-origin when both belong to one Haat shopper account (decision 0029). The token itself is not spent.
 */
export const switchShopBody = z.strictObject({ refresh_token: z.string().min(20).max(200) });

export const profileUpdateBody = z.strictObject({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  phone: phoneField,
});

export const changePasswordBody = z
  .strictObject({
    current_password: z.string().min(1, 'Current password is required').max(128),
    password: newPasswordField,
    confirm_password: z.string().min(1, 'Confirm password is required'),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });

/** A vendor's shop as the sign-in response names it (02: admin login reads slug and id). */
export const ownedStore = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  online_status: z.string(),
});

export const userProfile = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role_type: roleName,
  email_verified: z.boolean(),
  store_id: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** The sign-in response: the session fields the spec stores (01 §3 Session). */
export const session = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  role_type: roleName,
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Remember me: keep the session across browser restarts. */
  remember: z.boolean(),
  /** For customers: the shop this account belongs to. */
  store: z.object({ id: z.string(), slug: z.string() }).nullable(),
  /** For vendors: the shops they own (slug and id of the first also at the top, as the admin login reads). */
  stores: z.array(ownedStore),
  slug: z.string().nullable(),
  store_id: z.string().nullable(),
  /** A guest shopper of this shop (decision 0031): a verified email, no password yet; they may set one. */
  guest: z.boolean().optional(),
});
export type Session = z.infer<typeof session>;

export const signupResult = z.object({
  id: z.string(),
  email: z.string(),
  role_type: roleName,
  verification_required: z.literal(true),
  resend_after_seconds: z.number().int(),
});

export const otpSent = z.object({
  email: z.string(),
  resend_after_seconds: z.number().int(),
  expires_in_minutes: z.number().int(),
});

/**
 * Guest checkout (decision 0031): an email (and the name for the order) mails a 6-digit code; the code answers with a
 * session at the shop. The same answer for every email.
 */
export const guestStartBody = z.strictObject({
  email: emailField,
  name: nameField('Your name'),
});
export type GuestStartBody = z.input<typeof guestStartBody>;

export const guestVerifyBody = z.strictObject({ email: emailField, otp: otpField });

/** A guest keeps their account: the password of their one Haat account (decision 0029). */
export const guestPasswordBody = z
  .strictObject({
    password: newPasswordField,
    confirm_password: z.string().min(1, 'Confirm password is required'),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type GuestPasswordBody = z.input<typeof guestPasswordBody>;
