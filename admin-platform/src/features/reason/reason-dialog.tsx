import { Button, Dialog, Field, Textarea, getErrorMessage } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Sends the reason; a rejection's error is shown on the field. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks why (a suspension, an event sent back): the organiser is e-mailed the reason. The rule
 * and its message are the contract's reasonSchema, as the API checks it.
 */
export function ReasonDialog({ open, title, description, confirmLabel, onConfirm, onClose }: ReasonDialogProps) {
  const form = useLazySchemaForm(() => import('@tdk/api/contract').then((m) => m.reasonSchema), {
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset({ reason: '' });
    onClose();
  };
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      close();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['reason']))
        form.setError('reason', { type: 'server', message: getErrorMessage(error) });
    }
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="reason-form" variant="danger" loading={isSubmitting}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="reason-form" onSubmit={submit} noValidate>
        <Field label="Reason" required error={errors.reason?.message} hint="The organiser's admins are e-mailed it.">
          <Textarea rows={4} {...form.register('reason')} />
        </Field>
      </form>
    </Dialog>
  );
}
