import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { testDeviceDetailQuery } from '../api/test-devices.js';
import { RecordState } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import { TestDeviceForm } from '../components/test-device-form.js';

/** §2 /test-device-add. */
export function TestDeviceAddPage() {
  return <TestDeviceForm />;
}

/** §2 /test-device-edit?id=… */
export function TestDeviceEditPage() {
  const id = useRecordId();
  const detail = useQuery({ ...testDeviceDetailQuery(id ?? ''), enabled: !!id });
  // After a conflict, "reload" draws the form afresh from the latest version.
  const [generation, setGeneration] = useState(0);
  return (
    <RecordState id={id} query={detail}>
      {(record) => (
        <Fragment key={`${generation}`}>
          <TestDeviceForm
            record={record}
            onReload={async () => {
              await detail.refetch();
              setGeneration((g) => g + 1);
            }}
          />
        </Fragment>
      )}
    </RecordState>
  );
}
