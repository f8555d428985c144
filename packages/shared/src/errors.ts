/** The one error shape every API error takes (SPEC: errors carry `detail`). */
export interface ApiErrorBody {
  detail: string;
  code?: string;
  /** Field-level messages for form validation failures. */
  errors?: Record<string, string>;
}
