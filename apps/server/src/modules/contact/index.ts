export { contactRoutes } from './contact.routes.ts';
export { csvCell, csvRow, toCsv, type CsvValue } from './csv.ts';
export { forgetSender } from './forget-sender.ts';
export { listSubmissions } from './list-submissions.ts';
