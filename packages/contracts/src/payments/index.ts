// Payments rules without zod: the widget's bundle imports these ('@parley/contracts/payments').
export * from './messages';
export * from './pricing';
export * from './billing-details';
