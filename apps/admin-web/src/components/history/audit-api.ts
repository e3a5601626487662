import type { AuditKind, AuditState } from '@kb/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { buildUrl } from '../../lib/api-client.js';
import { call } from '../../lib/call.js';

const AUDIT_KEY = ['audit'] as const;

/** A record's trail, worded by the API in the user's language (a language switch refetches every query). */
export const auditHistoryQuery = (kind: AuditKind, id: string) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'history', kind, id],
    queryFn: ({ signal }) => call.get('/audit/history', { kind, id }, { signal }),
    // A trail grows with every command: read it afresh whenever the tab opens.
    staleTime: 0,
  });

export const auditStateQuery = <S>(kind: AuditKind, id: string, revision: number) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'state', kind, id, revision],
    queryFn: ({ signal }) =>
      call.get('/audit/state', { kind, id, revision }, { signal }) as Promise<AuditState<S>>,
  });

export const auditCompareQuery = (kind: AuditKind, id: string, from: number, to: number) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'compare', kind, id, from, to],
    queryFn: ({ signal }) => call.get('/audit/compare', { kind, id, from, to }, { signal }),
  });

export const auditEndedQuery = (kind: AuditKind, before: string | null) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'ended', kind, before],
    queryFn: ({ signal }) => call.get('/audit/ended', { kind, before: before ?? undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The CSV of a trail: a plain link (the API reads the language from the `lang` cookie). */
export const auditExportUrl = (kind: AuditKind, id: string) => buildUrl('/audit/export', { kind, id });

export const fileDownloadUrl = (fileCode: string) => buildUrl('/file/download', { fileCode });
