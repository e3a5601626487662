import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Report = (delta: 1 | -1) => void;

const PendingUploadsContext = createContext<Report | null>(null);

/**
 * A form's count of uploads still in flight. Its save and submit stay disabled while one is, so the record is never
 * sent without a file the author already chose; the form wraps its fields in `<PendingUploads report={report}>`.
 */
export function usePendingUploads(): { pending: number; report: Report } {
  const [pending, setPending] = useState(0);
  const report = useCallback<Report>((delta) => setPending((n) => n + delta), []);
  return { pending, report };
}

export function PendingUploads({ report, children }: { report: Report; children: ReactNode }) {
  return <PendingUploadsContext.Provider value={report}>{children}</PendingUploadsContext.Provider>;
}

/** Runs an upload while telling the enclosing form that it is in flight (nothing to tell outside a form). */
export function useTrackUpload(): <T>(upload: Promise<T>) => Promise<T> {
  const report = useContext(PendingUploadsContext);
  return useCallback(
    async <T,>(upload: Promise<T>): Promise<T> => {
      report?.(1);
      try {
        return await upload;
      } finally {
        report?.(-1);
      }
    },
    [report],
  );
}
