/** Spec section 5 "Payment form": every field but address line 2 is required; country defaults to US. */
export const PAYMENT_MESSAGES = {
  name: 'Full name is required',
  email: 'Email is required',
  emailFormat: 'Incorrect email format',
  line1: 'Address line 1 is required',
  city: 'City is required',
  postalCode: 'Postal code is required',
  state: 'State/province is required',
  country: 'Country is required',
  countryFormat: 'Choose a country',
  plan: 'Choose the PRO plan',
  paymentMethod: 'A card payment is required',
  customer: 'A billing account is required',
} as const;

export const ORDER_MESSAGES = {
  product: 'Choose a product',
  quantity: 'Choose a quantity from 1 to 99',
  chooseOption: (variant: string) => `Choose a ${variant}`,
  unknownOption: (variant: string) => `That ${variant} is not available`,
  soldOut: (variant: string, value: string) => `${value} (${variant}) is sold out`,
  notEnough: (variant: string, value: string, left: number) => `Only ${left} left of ${value} (${variant})`,
  notForSale: 'This product cannot be bought here',
} as const;
