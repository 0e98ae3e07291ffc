import { z } from 'zod';
import { limits } from '../shared/limits';
import { passwordProblem, phonePattern, smsCodePattern, userNamePattern } from '../shared/validators';
import { nameText } from '../shared/text';
import { isRegisteredCommonPassword } from './commonPasswordCheck';

/**
 * Request and response schemas of the auth calls (spec §7, DESIGN.md §5). Messages are i18n keys
 * of the `validation` namespace, in both locales on the web and translated by the server. The
 * account rules also exist as plain functions in validators.ts (phoneMessage, ...) for the
 * sign-in page; keep both in step (validators.test.ts compares them).
 */
export const phoneSchema = z.string().trim().regex(phonePattern, 'validation.phone');

export const passwordSchema = z
  .string()
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `validation.password.${problem}` });
    } else if (isRegisteredCommonPassword(value)) {
      // One of the most common passwords (lists of leaked passwords start with them): refused.
      ctx.addIssue({ code: 'custom', message: 'validation.password.common' });
    }
  });

export const userNameSchema = z
  .string()
  .trim()
  .min(limits.userNameMin, 'validation.userName.length')
  .max(limits.userNameMax, 'validation.userName.length')
  .regex(userNamePattern, 'validation.userName.pattern');

export const smsCodeSchema = z.string().trim().regex(smsCodePattern, 'validation.smsCode');

/** `POST /general/user/access/getToken` (form-encoded): username+password or phone+smsCode. */
export const getTokenRequest = z.union([
  z.object({ username: z.string().trim().min(1, 'validation.required'), password: z.string().min(1, 'validation.required') }),
  z.object({ phone: phoneSchema, smsCode: smsCodeSchema }),
]);
export type GetTokenRequest = z.infer<typeof getTokenRequest>;

export const getTokenResponse = z.object({ token: z.string(), expiresAt: z.number() });
export type GetTokenResponse = z.infer<typeof getTokenResponse>;

export const smsPurposes = ['login', 'register', 'reset'] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

/** `GET /general/user/access/getSmsCode?phone=&purpose=` */
export const getSmsCodeQuery = z.object({
  phone: phoneSchema,
  purpose: z.enum(smsPurposes).default('login'),
});
export type GetSmsCodeQuery = z.infer<typeof getSmsCodeQuery>;
export const getSmsCodeResponse = z.object({ resendAfterSeconds: z.number(), expiresInSeconds: z.number() });
export type GetSmsCodeResponse = z.infer<typeof getSmsCodeResponse>;

/** `POST /general/user/addUser` — self-registration with a phone verified by SMS. */
export const addUserRequest = z.object({
  userName: userNameSchema,
  password: passwordSchema,
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  name: nameText('validation.required').max(limits.personNameMax, 'validation.tooLong').optional(),
});
export type AddUserRequest = z.infer<typeof addUserRequest>;

/** `POST /general/user/access/resetPassword` */
export const resetPasswordRequest = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const companySummary = z.object({
  companyId: z.union([z.number(), z.string()]),
  displayName: z.string(),
  cfg: z.string(),
  timeZone: z.string(),
  isPlatform: z.boolean(),
});
export type CompanySummary = z.infer<typeof companySummary>;

/** `GET /general/user/getUser` — the current user and company (stored locally by the web). */
export const currentUser = z.object({
  userId: z.union([z.number(), z.string()]),
  userName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  headImgUrl: z.string(),
  language: z.string(),
  isPlatformAdmin: z.boolean(),
  /** Someone else chose the password: the console asks for a new one before anything else. */
  mustChangePassword: z.boolean().optional(),
  menuCode: z.array(z.object({ code: z.string() })),
  orderInfo: z.object({ swProductId: z.string(), subTypeId: z.string(), expireAt: z.number() }).nullable(),
  companyId: z.union([z.number(), z.string()]).nullable(),
  company: companySummary.nullable(),
  companies: z.array(companySummary),
  notice: z.object({ version: z.string(), agreed: z.boolean() }),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** `GET /general/user/getNotice` */
export const userNoticeResponse = z.object({
  version: z.string(),
  agreed: z.boolean(),
  title: z.string(),
  content: z.string(),
});
export type UserNoticeResponse = z.infer<typeof userNoticeResponse>;

/** `POST /general/user/agreeNotice` */
export const agreeNoticeRequest = z.object({ version: z.string().min(1) });
export type AgreeNoticeRequest = z.infer<typeof agreeNoticeRequest>;
