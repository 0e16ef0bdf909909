import type {
  AuthenticationRequest,
  ForgetPwdRequest,
  InviteesRequest,
  Locale,
  LoginRequest,
  RegisterRequest,
  SendCodeRequest,
  SetWithdrawPwdRequest,
} from '../../../protocol';
import { issueCaptcha } from './captcha';
import { forgetPassword, sendCode, sendWithdrawPwdCode } from './codes';
import type { AccountDeps } from './deps';
import { getInvite, listInvitees } from './invite';
import { login } from './login';
import {
  changePassword,
  changeWithdrawPassword,
  checkWithdrawPassword,
  setWithdrawPasswordByCode,
} from './passwords';
import { getUser, getUserInfo, updateNickname } from './profile';
import { register } from './register';
import { authenticateOperator, authenticateUser, authenticateViewer, logout } from './sessions';
import { readUpload, saveUpload, type Viewer } from './uploads';
import { getVerificationStatus, submitVerification } from './verification';

export { DEFAULT_ACCOUNT_SETTINGS } from './deps';

/** The account rules bound to their dependencies: what routes, the CLI and later issues call. */
export const createAccountService = (deps: AccountDeps) => ({
  deps,
  issueCaptcha: () => issueCaptcha(deps),
  register: (req: RegisterRequest) => register(deps, req),
  login: (req: LoginRequest, ip: string | null) => login(deps, req, ip),
  logout: (sessionId: number) => logout(deps, sessionId),
  authenticateUser: (token: string | undefined) => authenticateUser(deps, token),
  authenticateOperator: (token: string | undefined) => authenticateOperator(deps, token),
  authenticateViewer: (token: string | undefined) => authenticateViewer(deps, token),
  getUser: (userId: number) => getUser(deps, userId),
  getUserInfo: (userId: number) => getUserInfo(deps, userId),
  updateNickname: (userId: number, nickname: string) => updateNickname(deps, userId, nickname),
  sendCode: (req: SendCodeRequest, locale?: Locale) => sendCode(deps, req, locale),
  forgetPassword: (req: ForgetPwdRequest) => forgetPassword(deps, req),
  changePassword: (userId: number, sessionId: number, req: { oldPassword: string; password: string }) =>
    changePassword(deps, userId, sessionId, req),
  sendWithdrawPwdCode: (userId: number, locale?: Locale) => sendWithdrawPwdCode(deps, userId, locale),
  setWithdrawPassword: (userId: number, req: SetWithdrawPwdRequest) =>
    setWithdrawPasswordByCode(deps, userId, req, 'first'),
  resetWithdrawPassword: (userId: number, req: SetWithdrawPwdRequest) =>
    setWithdrawPasswordByCode(deps, userId, req, 'reset'),
  changeWithdrawPassword: (userId: number, req: { oldPassword: string; password: string }) =>
    changeWithdrawPassword(deps, userId, req),
  /** For the wallet: withdraw_pwd_not_set without a withdrawal password, withdraw_pwd_incorrect
   * unless `password` is it. */
  checkWithdrawPassword: (userId: number, password: string) => checkWithdrawPassword(deps, userId, password),
  saveUpload: (userId: number, bytes: Buffer) => saveUpload(deps, userId, bytes),
  readUpload: (viewer: Viewer, id: string) => readUpload(deps, viewer, id),
  submitVerification: (userId: number, req: AuthenticationRequest) => submitVerification(deps, userId, req),
  getVerificationStatus: (userId: number) => getVerificationStatus(deps, userId),
  getInvite: (userId: number) => getInvite(deps, userId),
  listInvitees: (userId: number, query: InviteesRequest) => listInvitees(deps, userId, query),
});

export type AccountService = ReturnType<typeof createAccountService>;
