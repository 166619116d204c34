/** The spec's validation messages, verbatim (including their spelling): shown by the UI and the API alike. */
export const SIGNUP_MESSAGES = {
  fullnameMin: 'your full name must be atleast 4 characters long',
  emailFormat: 'Incorrect email format',
  emailsMismatch: 'Your emails not match',
  passwordMin: 'Your password must be atleast 8 characters long',
  passwordMax: 'Your password can not be longer then 64 characters long',
  passwordChars: 'password should contain only alphabets and numbers',
  passwordsMismatch: 'passwords do not match',
  otpMin: 'Please enter the complete verification code',
  products: 'Please describe your products/services',
  categories: 'Please describe your product categories',
  targetAudience: 'Please describe your target audience',
} as const;

export const LOGIN_MESSAGES = {
  email: 'You did not enter a valid email',
  passwordMin: SIGNUP_MESSAGES.passwordMin,
  passwordMax: SIGNUP_MESSAGES.passwordMax,
} as const;
