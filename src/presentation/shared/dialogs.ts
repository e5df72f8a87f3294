/** Labels of a confirmation popup, already translated by the screen that asks. */
export interface ConfirmTexts {
  readonly title: string;
  readonly message: string;
  /** The destructive button's label. */
  readonly confirm: string;
  /** The label of the button that backs out; without it the host shows its own "Cancel", which reads like the action
   * when the action itself is a cancellation. */
  readonly keep?: string;
}
