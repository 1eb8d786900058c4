// Delete behind a confirmation that names the record. Pessimistic: the server may refuse (409 while
// the record is still in use) and the record must stay on screen, the refusal shown in words.
import { DeleteWithConfirmButton } from 'react-admin';

export interface ConfirmDeleteButtonProps {
  /** Whose `resources.<resource>.confirm.delete_title` / `delete_content` to show. */
  resource: string;
  /** The names in those messages. */
  translateOptions: Record<string, string>;
}

export function ConfirmDeleteButton({ resource, translateOptions }: ConfirmDeleteButtonProps) {
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle={`resources.${resource}.confirm.delete_title`}
      confirmContent={`resources.${resource}.confirm.delete_content`}
      translateOptions={translateOptions}
    />
  );
}
