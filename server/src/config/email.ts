import {
    defaultEmailHandlers,
    EmailEventListener,
    EmailPluginDevModeOptions,
    FileBasedTemplateLoader,
} from '@vendure/email-plugin';
import { LanguageCode, RequestContext, VendureEvent } from '@vendure/core';
import path from 'path';

/**
 * Mail events shared with the account plugin (server/src/plugins/account).
 * The account plugin publishes them with `eventBus.publish(new VerificationCodeEvent(...))`;
 * the EmailPlugin (configured in vendure-config.ts) renders the matching template from
 * server/src/email-templates/<template>/body.hbs. See server/src/email-templates/README.md.
 */
export interface CodeMailInput {
    /** recipient */
    emailAddress: string;
    /** the 6-digit code */
    code: string;
    /** validity in minutes (shown in the mail) */
    expiresInMinutes: number;
    /** optional greeting name */
    name?: string;
}

/** template `verification-code` — account verification by 6-digit code (verifyAccount). */
export class VerificationCodeEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public input: CodeMailInput,
    ) {
        super();
    }
}

/** template `password-reset-code` — forgotten password by 6-digit code (requestPasswordResetCode). */
export class PasswordResetCodeEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public input: CodeMailInput,
    ) {
        super();
    }
}

/** template `address-verification-code` — shipping address verification (assignVerificationToTheShippingAddress). */
export class AddressVerificationCodeEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public input: CodeMailInput & { addressSummary?: string },
    ) {
        super();
    }
}

const isArabic = (ctx: RequestContext) => ctx.languageCode !== LanguageCode.en;

function codeVars(ctx: RequestContext, input: CodeMailInput, subjectAr: string, subjectEn: string) {
    const ar = isArabic(ctx);
    return {
        isArabic: ar,
        lang: ar ? 'ar' : 'en',
        dir: ar ? 'rtl' : 'ltr',
        subject: ar ? `${subjectAr} | ${subjectEn}` : `${subjectEn} | ${subjectAr}`,
        code: input.code,
        expiresInMinutes: input.expiresInMinutes,
        name: input.name ?? '',
    };
}

export const verificationCodeHandler = new EmailEventListener('verification-code')
    .on(VerificationCodeEvent)
    .setRecipient(event => event.input.emailAddress)
    .setFrom('{{ fromAddress }}')
    .setSubject('{{ subject }}')
    .setTemplateVars(event => codeVars(event.ctx, event.input, 'رمز تفعيل حسابك', 'Your account verification code'));

export const passwordResetCodeHandler = new EmailEventListener('password-reset-code')
    .on(PasswordResetCodeEvent)
    .setRecipient(event => event.input.emailAddress)
    .setFrom('{{ fromAddress }}')
    .setSubject('{{ subject }}')
    .setTemplateVars(event => codeVars(event.ctx, event.input, 'رمز إعادة تعيين كلمة المرور', 'Your password reset code'));

export const addressVerificationCodeHandler = new EmailEventListener('address-verification-code')
    .on(AddressVerificationCodeEvent)
    .setRecipient(event => event.input.emailAddress)
    .setFrom('{{ fromAddress }}')
    .setSubject('{{ subject }}')
    .setTemplateVars(event => ({
        ...codeVars(event.ctx, event.input, 'رمز توثيق عنوان الشحن', 'Your shipping address verification code'),
        addressSummary: event.input.addressSummary ?? '',
    }));

export const emailHandlers = [
    ...defaultEmailHandlers,
    verificationCodeHandler,
    passwordResetCodeHandler,
    addressVerificationCodeHandler,
];

/**
 * Templates live in server/src/email-templates (not compiled; read at runtime). This resolves
 * from both server/dist/config (tsc build) and server/src/config (vitest + swc).
 */
export const EMAIL_TEMPLATE_DIR = path.join(__dirname, '..', '..', 'src', 'email-templates');

export function emailPluginOptions(env: NodeJS.ProcessEnv, dataDir: string): EmailPluginDevModeOptions {
    const storefrontUrl = (env.STOREFRONT_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
    return {
        devMode: true,
        outputPath: path.join(dataDir, 'mail'),
        route: 'mailbox',
        handlers: emailHandlers,
        templateLoader: new FileBasedTemplateLoader(EMAIL_TEMPLATE_DIR),
        globalTemplateVars: {
            fromAddress: env.MAIL_FROM || '"متجر الأناقة | Elegance Store" <noreply@elegance.local>',
            storeNameAr: 'متجر الأناقة',
            storeNameEn: 'Elegance Store',
            storefrontUrl,
            // storefront routes (spec §2; Arabic at the root, English under /en)
            verifyEmailAddressUrl: `${storefrontUrl}/auth/otp`,
            passwordResetUrl: `${storefrontUrl}/auth/reset-password`,
            changeEmailAddressUrl: `${storefrontUrl}/profile`,
        },
    };
}
