import type { JobRun } from '@kb/contracts';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { uploadFile } from '../upload-image.js';

export interface FileJobFormProps {
  /** Test id of the form; its file input, refusal and start button are `${idPrefix}-file|error|start`. */
  formTestId: string;
  idPrefix: string;
  hint: string;
  /** Shown between the hint and the file input (e.g. template links). */
  extra?: ReactNode;
  fileLabel: string;
  accept: string;
  icon: ReactNode;
  startLabel: string;
  uploadingLabel: (percent: number) => string;
  /** The file store's purpose of the upload (its size and type rules). */
  purpose: string;
  /** Why this file cannot be imported (in the user's language), or null. */
  refusal: (file: File) => string | null;
  /** Starts the job on the uploaded file. */
  startJob: (fileCode: string, fileName: string) => Promise<JobRun>;
  /** What the form becomes once the job runs (its progress and report). */
  renderRun: (run: JobRun) => ReactNode;
}

/**
 * An import's first step, shared by every file-driven job: choose a file (a wrong one is refused with a message at
 * once), upload it with a progress bar, start the job, then show the run.
 */
export function FileJobForm(props: FileJobFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<JobRun | null>(null);
  // A wrong file is refused as soon as it is chosen, not when the job is started.
  const choose = (chosen: File | null) => {
    const refused = chosen ? props.refusal(chosen) : null;
    setError(refused);
    setFile(refused ? null : chosen);
  };
  const start = async () => {
    if (!file) return;
    const refused = props.refusal(file);
    if (refused) return setError(refused);
    setError(null);
    setPercent(0);
    try {
      const uploaded = await uploadFile(file, props.purpose, (f) => setPercent(Math.round(f * 100)));
      setRun(await props.startJob(uploaded.fileCode, file.name));
    } catch {
      // The API client has shown the refusal in the user's language.
    } finally {
      setPercent(null);
    }
  };
  if (run) return props.renderRun(run);
  return (
    <Stack gap="sm" data-testid={props.formTestId}>
      <Text size="sm" c="dimmed">
        {props.hint}
      </Text>
      {props.extra}
      <FileInput
        label={props.fileLabel}
        accept={props.accept}
        leftSection={props.icon}
        value={file}
        onChange={choose}
        clearable
        data-testid={`${props.idPrefix}-file`}
      />
      {error && (
        <Alert color="red" data-testid={`${props.idPrefix}-error`}>
          {error}
        </Alert>
      )}
      {percent !== null && <Progress value={percent} animated aria-label={props.uploadingLabel(percent)} />}
      <Group justify="flex-end">
        <Button
          onClick={() => void start()}
          disabled={!file}
          loading={percent !== null}
          data-testid={`${props.idPrefix}-start`}
        >
          {props.startLabel}
        </Button>
      </Group>
    </Stack>
  );
}
