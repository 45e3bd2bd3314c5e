import type { Registration } from '@tdk/api/contract';
import { Callout, ConfirmDialog, useToast } from '@tdk/shared-ui';
import { useDeleteRegistration } from './queries';

/** The delete confirmation of SPEC.md section 4: its warnings, Delete Anyway, and cancel-instead advice. */
export function DeleteRegistrationDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteRegistration();
  const paid = registration?.paymentStatus === 'Paid';
  const checkedIn = registration?.status === 'Checked-In';

  const confirm = async () => {
    if (!registration) return;
    try {
      await remove.mutateAsync(registration.id);
      toast({ title: 'Registration Deleted', description: 'Registration has been successfully deleted.', variant: 'success' });
      onClose();
    } catch {
      toast({ title: 'Error', description: 'Failed to delete registration', variant: 'destructive' });
    }
  };

  return (
    <ConfirmDialog
      open={registration !== null}
      title="Delete Registration"
      message={
        registration &&
        `Are you sure you want to delete registration ${registration.registrationNumber} of ${registration.participantInfo.firstName} ${registration.participantInfo.lastName}?`
      }
      details={
        <>
          {paid && (
            <Callout tone="warning" title="Payment Processed">
              This registration has been paid for. Deleting it will require manual refund processing.
            </Callout>
          )}
          {checkedIn && (
            <Callout tone="warning" title="Already Checked In">
              This participant has already checked in. Deleting may affect attendance records.
            </Callout>
          )}
          <Callout tone="info">Consider changing the status to Cancelled instead: the record stays for the audit trail.</Callout>
        </>
      }
      confirmLabel={paid || checkedIn ? 'Delete Anyway' : 'Delete'}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
