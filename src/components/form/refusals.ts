/** Refusals of a verification code, said under the code field: typed wrong, expired or spent, or
 * sent from another page (which holds its ticket). */
export const CODE_REFUSALS = ['app.msg.captcha_incorrect', 'app.msg.code_not_requested'] as const;

/** Refusals of a new password the account may not take, said under it. */
export const NEW_PASSWORD_REFUSALS = ['app.msg.password_same', 'app.msg.passwords_same'] as const;
