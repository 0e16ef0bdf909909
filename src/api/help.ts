import type { HelpArticle, HelpArticleSummary, Notice, NoticeDetail, ServiceMessage } from '../../protocol';
import { api } from './client';

/** The notices' and the articles' reads are quiet: their screens say a failure in place (a record
 * not found, or the failure with a retry), which a toast said again over the back button. So is
 * the service thread's, polled every few seconds while the socket is down: its screen's connection
 * banner says the server is out of reach once, where a toast said it at every poll. */
const quiet = { silent: true } as const;

/** Notices, the help centre and the customer-service thread. */
export const helpApi = {
  notices: () => api.get<Notice[]>('/index/notice', undefined, quiet),
  notice: (id: number) => api.get<NoticeDetail>('/index/noticeDetail', { id }, quiet),
  articles: () => api.get<HelpArticleSummary[]>('/help/list', undefined, quiet),
  article: (id: number) => api.get<HelpArticle>('/help/detail', { id }, quiet),
  messages: () => api.get<ServiceMessage[]>('/service/messages', undefined, quiet),
  send: (body: string) => api.post<ServiceMessage[]>('/service/send', { body }),
};
