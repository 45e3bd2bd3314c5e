// @tdk/shared-ui/forms: schema-driven forms (docs/decisions/005). A separate entry and federated
// singleton, so that react-hook-form is fetched only with the routes that have a form. Screens
// import react-hook-form's runtime from here, never directly, so every form shares one copy.
export { useSchemaForm, useLazySchemaForm, applyServerErrors } from './use-schema-form';
export { useValidationText, validationText } from './validation-text';
export type { ValidationText } from './validation-text';
export { Controller, useController, useFormContext, FormProvider, useWatch } from 'react-hook-form';
export type { Control, FieldErrors, FieldValues, Path, SubmitHandler, UseFormReturn } from 'react-hook-form';
