/** The one error shape every API error takes (docs/product.md §8: errors carry `detail`). */
export interface ApiErrorBody {
  detail: string;
  code?: string;
  /** Field-level messages for form validation failures. */
  errors?: Record<string, string>;
}
