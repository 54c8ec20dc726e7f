import type { FormInstance } from 'antd';

/**
 * What a form's frame (`FormModal`, `FormDrawer`) needs of its form: the antd form, whether it is being
 * saved, and the error that belongs to no field, cleared once the frame has closed.
 */
export interface FormState<Values> {
  form: FormInstance<Values>;
  saving: boolean;
  formError: string | undefined;
  clearFormError: () => void;
}
