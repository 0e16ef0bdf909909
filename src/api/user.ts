import type {
  AuthenticationRequest,
  Captcha,
  ChangePwdRequest,
  ForgetPwdRequest,
  Invite,
  InviteePage,
  InviteesRequest,
  LoginRequest,
  RegisterRequest,
  SendCodeRequest,
  SentCode,
  Session,
  SetWithdrawPwdRequest,
  Upload,
  UserInfo,
  VerificationStatus,
} from '../../protocol';
import { TOKEN_HEADER } from '../../protocol/locales';
import { api } from './client';

/** Accounts and identity: /api/user/* and uploads. */
export const userApi = {
  captcha: () => api.get<Captcha>('/user/captcha'),
  register: (body: RegisterRequest) => api.post<Session>('/user/register', body),
  /** Silent: the login screen says its refusals itself (one of them under the captcha it brings). */
  login: (body: LoginRequest) => api.post<Session>('/user/login', body, { silent: true }),
  /** Ends the session of `token`, named here because the stored user is cleared before the call:
   * other tabs then follow the logout before the server ends the session under them. */
  logout: (token: string) =>
    api.post<null>(
      '/user/logout',
      {},
      { silent: true, repeatSubmit: false, headers: { [TOKEN_HEADER]: token } },
    ),
  info: () => api.get<UserInfo>('/user/info'),
  updateInfo: (nickname: string) => api.put<UserInfo>('/user/info', { nickname }),
  sendCode: (body: SendCodeRequest) => api.post<SentCode>('/user/sendCode', body),
  forgetPwd: (body: ForgetPwdRequest) => api.post<null>('/user/forgetPwd', body),
  changePwd: (body: ChangePwdRequest) => api.post<UserInfo>('/user/changePwd', body),
  /** A code to the account's own email address, for setting or resetting the withdrawal password. */
  sendWithdrawPwdCode: () => api.post<SentCode>('/user/withdrawPwd/code', {}),
  setWithdrawPwd: (body: SetWithdrawPwdRequest) => api.post<UserInfo>('/user/withdrawPwd/set', body),
  resetWithdrawPwd: (body: SetWithdrawPwdRequest) => api.post<UserInfo>('/user/withdrawPwd/reset', body),
  changeWithdrawPwd: (body: ChangePwdRequest) => api.post<UserInfo>('/user/withdrawPwd/change', body),
  /** `silent`: a failure is the caller's to show (a screen checking again in the background). */
  verification: (silent = false) =>
    api.get<VerificationStatus>('/user/authentication', undefined, silent ? { silent } : undefined),
  submitVerification: (body: AuthenticationRequest) =>
    api.post<VerificationStatus>('/user/authentication', body),
  /** Quiet: the invitation screen says a failure in place, with a retry. */
  invite: () => api.get<Invite>('/user/invite', undefined, { silent: true }),
  /** Quiet too: a page that fails says so in place, with a retry. */
  invitees: (query: InviteesRequest) => api.get<InviteePage>('/user/invitees', query, { silent: true }),
  /** `signal` cancels the upload (a side picked again): the server then drops it, and stops
   * counting it among the uploads a user may have under way at once. */
  upload: (file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<Upload>('/upload', form, {
      timeout: 120_000,
      signal,
      onUploadProgress: (e) => {
        if (onProgress && e.total) onProgress(e.loaded / e.total);
      },
    });
  },
};
