import type { FormInstance } from 'antd';

/**
 * Checks again, on any change, the fields that show an error, so a message goes the moment its
 * value is fixed; a field without an error still waits for its own trigger (leaving it, saving)
 * and is not told off while it is being typed. Call it from the form's onValuesChange.
 */
export function revalidateShownErrors(form: FormInstance): void {
  const failing = form
    .getFieldsError()
    .filter((field) => field.errors.length > 0)
    .map((field) => field.name);
  if (failing.length) form.validateFields(failing).catch(() => undefined);
}
