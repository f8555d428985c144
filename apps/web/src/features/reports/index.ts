/** What other features may use of reports (the only door: .dependency-cruiser.cjs, web-feature-through-index). */
export { GenerateReportForm } from './components/GenerateReportForm.tsx';
