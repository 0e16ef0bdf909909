import type { HelpArticle, HelpArticleSummary, Notice, NoticeDetail, ServiceMessage } from '../../protocol';
import { api } from './client';

/** Notices, the help centre and the customer-service thread. */
export const helpApi = {
  notices: () => api.get<Notice[]>('/index/notice'),
  notice: (id: number) => api.get<NoticeDetail>('/index/noticeDetail', { id }),
  articles: () => api.get<HelpArticleSummary[]>('/help/list'),
  article: (id: number) => api.get<HelpArticle>('/help/detail', { id }),
  messages: () => api.get<ServiceMessage[]>('/service/messages'),
  send: (body: string) => api.post<ServiceMessage[]>('/service/send', { body }),
};
