import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  AccountRegistrationEvent,
  AuthService,
  ConfigService,
  CustomerService,
  EventBus,
  HistoryService,
  Logger,
  NATIVE_AUTH_STRATEGY_NAME,
  RequestContext,
  User,
  UserService,
} from '@vendure/core';
import { HistoryEntryType } from '@vendure/common/lib/generated-types';
import { setSessionToken } from '@vendure/core/dist/api/common/set-session-token';
import {
  PasswordResetTokenExpiredError,
  PasswordResetTokenInvalidError,
  PasswordValidationError,
  VerificationTokenExpiredError,
} from '@vendure/core/dist/common/error/generated-graphql-shop-errors';
import { getUserChannelsPermissions } from '@vendure/core/dist/service/helpers/utils/get-user-channels-permissions';
import type { Request, Response } from 'express';

import { PasswordResetCodeEvent, VerificationCodeEvent } from '../../../config/email';
import { VerificationCodeInvalidError } from '../api/account-errors';
import { translate } from '../config/store-password-validation.strategy';
import { loggerCtx } from '../constants';
import { VerificationCodeService } from './verification-code.service';

export const normalizeEmail = (email: string) =>
  String(email ?? '')
    .trim()
    .toLowerCase();

export type CurrentUserResult = { __typename: 'CurrentUser'; id: string | number; identifier: string; channels: any[] };

/**
 * Account verification and forgotten password by 6-digit code. Each code stands for core's
 * long token (verification token / password-reset token), so the actual state changes are
 * core's: CustomerService.verifyCustomerEmailAddress and CustomerService.resetPassword.
 */
@Injectable()
export class AccountCodeService implements OnApplicationBootstrap {
  constructor(
    private readonly codes: VerificationCodeService,
    private readonly eventBus: EventBus,
    private readonly userService: UserService,
    private readonly customerService: CustomerService,
    private readonly authService: AuthService,
    private readonly historyService: HistoryService,
    private readonly configService: ConfigService,
  ) {}

  onApplicationBootstrap() {
    // Fired by registerCustomerAccount, refreshCustomerVerification and our refreshVerify.
    this.eventBus.ofType(AccountRegistrationEvent).subscribe((event) => {
      this.sendVerificationCode(event.ctx, event.user).catch((e) =>
        Logger.error(`Could not send a verification code: ${(e as Error).message}`, loggerCtx),
      );
    });
  }

  private async sendVerificationCode(ctx: RequestContext, eventUser: User) {
    const user = await this.userService.getUserById(ctx, eventUser.id);
    const native = user?.getNativeAuthenticationMethod(false);
    const token = native?.verificationToken;
    if (!user || !native || !token) return;
    const email = normalizeEmail(native.identifier ?? user.identifier);
    const code = await this.codes.issue(ctx, 'verify-account', email, token);
    const customer = await this.customerService.findOneByUserId(ctx, user.id, false);
    await this.eventBus.publish(
      new VerificationCodeEvent(ctx, {
        emailAddress: email,
        code,
        expiresInMinutes: this.codes.ttlMinutes,
        name: customer?.firstName || undefined,
      }),
    );
  }

  /** Re-sends a code; silent for unknown or already verified addresses (no enumeration). */
  async refreshVerify(ctx: RequestContext, emailAddress: string) {
    await this.customerService.refreshVerificationToken(ctx, normalizeEmail(emailAddress));
  }

  async verifyAccount(ctx: RequestContext, req: Request, res: Response, input: { code: string; email: string; password?: string | null }) {
    const email = normalizeEmail(input.email);
    const check = await this.codes.check(ctx, 'verify-account', email, input.code);
    if (check.kind === 'expired') return new VerificationTokenExpiredError();
    if (check.kind === 'missing') return new VerificationCodeInvalidError({ attemptsLeft: 0 });
    if (check.kind === 'invalid') return new VerificationCodeInvalidError({ attemptsLeft: check.attemptsLeft });

    const token = check.record.coreToken ?? '';
    let result = await this.customerService.verifyCustomerEmailAddress(ctx, token, input.password || undefined);
    // A password given at registration is already stored: the code alone confirms the mail.
    if (isError(result, 'PasswordAlreadySetError')) {
      result = await this.customerService.verifyCustomerEmailAddress(ctx, token, undefined);
    }
    if (isError(result, 'MissingPasswordError')) {
      return new PasswordValidationError({
        validationErrorMessage: translate(ctx, 'account.passwordRequired'),
      });
    }
    if (isError(result, 'PasswordValidationError')) return result as PasswordValidationError;
    if (isError(result, 'VerificationTokenInvalidError') || isError(result, 'VerificationTokenExpiredError')) {
      // Core's token was replaced or has expired: the code is worthless now.
      await this.codes.discard(ctx, 'verify-account', email);
      return new VerificationTokenExpiredError();
    }
    if (isErrorResult(result)) throw new Error(`Unexpected verification result ${(result as any).__typename}`);
    await this.codes.consume(ctx, check.record);
    const user = (result as any).user as User | undefined;
    const fullUser = user ? await this.userService.getUserById(ctx, user.id) : undefined;
    if (!fullUser) throw new Error('Verified customer has no user');
    return this.logIn(ctx, req, res, fullUser);
  }

  /** Sets core's password-reset token and mails a code for it; silent for unknown addresses. */
  async requestPasswordResetCode(ctx: RequestContext, emailAddress: string) {
    const email = normalizeEmail(emailAddress);
    // UserService (not CustomerService) so that core's link mail (PasswordResetEvent) is not sent too.
    const user = await this.userService.setPasswordResetToken(ctx, email);
    const token = user?.getNativeAuthenticationMethod(false)?.passwordResetToken;
    if (!user || !token) return;
    const customer = await this.customerService.findOneByUserId(ctx, user.id, false);
    if (!customer) return;
    const code = await this.codes.issue(ctx, 'password-reset', email, token);
    await this.historyService.createHistoryEntryForCustomer({
      customerId: customer.id,
      ctx,
      type: HistoryEntryType.CUSTOMER_PASSWORD_RESET_REQUESTED,
      data: {},
    });
    await this.eventBus.publish(
      new PasswordResetCodeEvent(ctx, {
        emailAddress: email,
        code,
        expiresInMinutes: this.codes.ttlMinutes,
        name: customer.firstName || undefined,
      }),
    );
  }

  async verifyForgetPasswordCode(ctx: RequestContext, input: { code: string; email: string }) {
    const email = normalizeEmail(input.email);
    const check = await this.codes.check(ctx, 'password-reset', email, input.code);
    if (check.kind === 'expired') return new VerificationTokenExpiredError();
    if (check.kind === 'missing') return new VerificationCodeInvalidError({ attemptsLeft: 0 });
    if (check.kind === 'invalid') return new VerificationCodeInvalidError({ attemptsLeft: check.attemptsLeft });
    if (!check.record.coreToken || !(await this.codes.consume(ctx, check.record))) {
      return new VerificationCodeInvalidError({ attemptsLeft: 0 });
    }
    return { __typename: 'PasswordResetTicket' as const, resetToken: check.record.coreToken };
  }

  /** Core resetPassword with the ticket's token, then logs the customer in (like core). */
  async changeUserPassword(ctx: RequestContext, req: Request, res: Response, resetToken: string, password: string) {
    if (!resetToken) return new PasswordResetTokenInvalidError();
    const result = await this.customerService.resetPassword(ctx, resetToken, password);
    if (isErrorResult(result)) {
      return result as PasswordResetTokenInvalidError | PasswordResetTokenExpiredError | PasswordValidationError;
    }
    const session = await this.authService.authenticate(ctx, 'shop', NATIVE_AUTH_STRATEGY_NAME, {
      username: (result as User).identifier,
      password,
    });
    if (isErrorResult(session)) return session as any;
    setSessionToken({
      req,
      res,
      authOptions: this.configService.authOptions,
      rememberMe: true,
      sessionToken: (session as any).token,
    });
    return currentUser((session as any).user);
  }

  private async logIn(ctx: RequestContext, req: Request, res: Response, user: User) {
    const session = await this.authService.createAuthenticatedSessionForUser(ctx, user, NATIVE_AUTH_STRATEGY_NAME);
    if (isErrorResult(session)) throw new Error('A just-verified user could not log in');
    setSessionToken({
      req,
      res,
      authOptions: this.configService.authOptions,
      rememberMe: true,
      sessionToken: (session as any).token,
    });
    return currentUser((session as any).user);
  }
}

export function currentUser(user: User): CurrentUserResult {
  return {
    __typename: 'CurrentUser',
    id: user.id,
    identifier: user.identifier,
    channels: getUserChannelsPermissions(user) as any[],
  };
}

function isErrorResult(v: unknown): boolean {
  return !!v && typeof v === 'object' && 'errorCode' in (v as any) && '__typename' in (v as any);
}

function isError(v: unknown, typename: string): boolean {
  return isErrorResult(v) && (v as any).__typename === typename;
}
