import { z } from 'zod';
import {
  authenticationSchema,
  captchaSchema,
  changePwdSchema,
  changeWithdrawPwdSchema,
  noFieldsSchema,
  forgetPwdSchema,
  inviteSchema,
  inviteePageSchema,
  inviteesQuerySchema,
  loginSchema,
  registerSchema,
  sendCodeSchema,
  sentCodeSchema,
  sessionSchema,
  setWithdrawPwdSchema,
  updateUserInfoSchema,
  userInfoSchema,
  verificationStatusSchema,
} from '../../../protocol';
import type { AccountService } from '../../domain/accounts';
import { currentUser } from '../auth';
import { requestLocale } from '../locale';
import { clientAddress } from '../rateLimits';
import { defineRoute } from '../route';

const nothing = z.object({});

/** Accounts under /api/user: captcha, registration, login and logout, personal info, codes,
 * passwords, real-name verification and referrals. */
export const userRoutes = (accounts: AccountService) => [
  defineRoute({
    method: 'GET',
    path: '/user/captcha',
    tag: 'user',
    summary: 'A graphic captcha (SVG) and its id; single use, valid for 5 minutes',
    query: noFieldsSchema,
    response: captchaSchema,
    handler: () => accounts.issueCaptcha(),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/register',
    tag: 'user',
    summary:
      'Register with the code sent to the email address (optionally with an invitation code) and log in',
    body: registerSchema,
    response: sessionSchema,
    handler: ({ body }) => accounts.register(body),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/login',
    tag: 'user',
    summary: 'Log in with username, email or phone',
    body: loginSchema,
    response: sessionSchema,
    handler: ({ body, req }) => accounts.login(body, clientAddress(req)),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/logout',
    tag: 'user',
    auth: 'user',
    summary: 'Log out: the session token stops working',
    body: noFieldsSchema,
    response: nothing,
    handler: async ({ req }) => {
      await accounts.logout(currentUser(req).sessionId);
      return {};
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/user/info',
    tag: 'user',
    auth: 'user',
    summary: 'The logged-in user’s userinfo',
    query: noFieldsSchema,
    response: userInfoSchema,
    handler: ({ req }) => accounts.getUserInfo(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'PUT',
    path: '/user/info',
    tag: 'user',
    auth: 'user',
    summary: 'Change the nickname',
    body: updateUserInfoSchema,
    response: userInfoSchema,
    handler: ({ req, body }) => accounts.updateNickname(currentUser(req).user.id, body.nickname),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/sendCode',
    tag: 'user',
    summary:
      'Send a verification code: to an account’s email or phone (forgetPwd), or to the email address being registered (register); answers the ticket its use must name',
    body: sendCodeSchema,
    response: sentCodeSchema,
    // In the asker's language: the one the app sends every call in.
    handler: ({ req, body }) => accounts.sendCode(body, requestLocale(req)),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/forgetPwd',
    tag: 'user',
    summary: 'Set a new login password with a verification code; every session ends',
    body: forgetPwdSchema,
    response: nothing,
    handler: async ({ body }) => {
      await accounts.forgetPassword(body);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/user/changePwd',
    tag: 'user',
    auth: 'user',
    summary: 'Change the login password: other sessions end, withdrawals lock for 24 hours',
    body: changePwdSchema,
    response: userInfoSchema,
    handler: ({ req, body }) => {
      const { user, sessionId } = currentUser(req);
      return accounts.changePassword(user.id, sessionId, body);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/user/withdrawPwd/code',
    tag: 'user',
    auth: 'user',
    summary: 'Send a code to the account’s own email address, to set or reset the withdrawal password',
    // Nothing to name: a `target` sent along would otherwise pass as if the code went there.
    body: noFieldsSchema,
    response: sentCodeSchema,
    handler: ({ req }) => accounts.sendWithdrawPwdCode(currentUser(req).user.id, requestLocale(req)),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/withdrawPwd/set',
    tag: 'user',
    auth: 'user',
    summary: 'Set the withdrawal password (once), with a code from /user/withdrawPwd/code',
    body: setWithdrawPwdSchema,
    response: userInfoSchema,
    handler: ({ req, body }) => accounts.setWithdrawPassword(currentUser(req).user.id, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/withdrawPwd/reset',
    tag: 'user',
    auth: 'user',
    summary: 'Replace a forgotten withdrawal password with a code; withdrawals lock for 24 hours',
    body: setWithdrawPwdSchema,
    response: userInfoSchema,
    handler: ({ req, body }) => accounts.resetWithdrawPassword(currentUser(req).user.id, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/withdrawPwd/change',
    tag: 'user',
    auth: 'user',
    summary: 'Change the withdrawal password',
    body: changeWithdrawPwdSchema,
    response: userInfoSchema,
    handler: ({ req, body }) => accounts.changeWithdrawPassword(currentUser(req).user.id, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/authentication',
    tag: 'user',
    auth: 'user',
    summary: 'Submit real-name verification (images from /api/upload)',
    body: authenticationSchema,
    response: verificationStatusSchema,
    handler: ({ req, body }) => accounts.submitVerification(currentUser(req).user.id, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/authentication',
    tag: 'user',
    auth: 'user',
    summary: 'Real-name verification status (document number masked)',
    query: noFieldsSchema,
    response: verificationStatusSchema,
    handler: ({ req }) => accounts.getVerificationStatus(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/invite',
    tag: 'user',
    auth: 'user',
    summary: 'Invitation code, and the first page and count of each generation of members',
    query: noFieldsSchema,
    response: inviteSchema,
    handler: ({ req }) => accounts.getInvite(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/invitees',
    tag: 'user',
    auth: 'user',
    summary: 'One page of the first- or second-generation members, newest first',
    query: inviteesQuerySchema,
    response: inviteePageSchema,
    handler: ({ req, query }) => accounts.listInvitees(currentUser(req).user.id, query),
  }),
];
