/** Labels of a confirmation popup, already translated by the screen that asks. */
export interface ConfirmTexts {
  readonly title: string;
  readonly message: string;
  /** The destructive button's label. */
  readonly confirm: string;
}
