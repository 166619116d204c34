/** Spec section 5 messages for domains, settings and content forms, verbatim (spelling included). */
export const DOMAIN_MESSAGES = {
  domainMin: 'A domain must have atleast 3 characters',
  domainFormat: 'This is not a valid domain',
  welcomeMin: 'The message must be atleast 6 characters',
  hexColor: 'Invalid hex color',
  url: 'Please enter a valid URL',
  feedbackQuestion: 'Feedback question cannot be empty',
  feedbackYes: 'Yes button text cannot be empty',
  feedbackNo: 'No button text cannot be empty',
  feedbackFollowUp: 'Follow-up text cannot be empty',
  filterQuestion: 'Question is required',
  filterAnswer: 'Answer is required',
  articleTitle: 'Title cannot be left empty',
  articleQuestion: 'Question cannot be left empty',
  articleAnswer: 'Answer cannot be left empty',
  // Not worded by the spec (the field is ours, issue 13), so in the voice of the messages above.
  questionVariantEmpty: 'Another way of asking cannot be left empty',
  questionVariantLong: 'Another way of asking can be at most 200 characters',
  questionVariantsMany: 'An article can have at most 10 other ways of asking',
  productName: 'Product name is required',
  price: 'Price is required',
  productType: 'Product type is required',
  description: 'Description is required',
  appointmentName: 'Appointment name is required',
  appointmentType: 'Appointment type is required',
  searchQuery: 'You must entery a search query',
  searchDomain: 'You must select a domain',
} as const;

/**
 * The home tab's messages (spec entity "Widget home settings"); the spec words none for these
 * fields, so they are ours, in the voice of its other settings messages.
 */
export const HOME_MESSAGES = {
  homeTitle: 'Home title cannot be empty',
  linkTitle: 'Please give the link a title',
  topicTitle: 'Please name the topic',
  topicLinkType: 'Please choose what the topic opens',
  topicArticle: 'Please choose a help article',
  tooManyLinks: 'A home tab can have at most 20 links',
  tooManyTopics: 'A home tab can have at most 20 topics',
  sameId: 'Two entries have the same id',
} as const;

/** The API's image messages and the uploader's (the spec words them differently). */
export const IMAGE_MESSAGES = {
  apiTooLarge: 'Your file size must be less then 2MB',
  apiType: 'Only JPG, JPEG & PNG files are accepted',
  uploaderTooLarge: 'File size must be less than 2MB',
  uploaderType: 'Only JPG, JPEG and PNG files are allowed',
  apiDimensions: 'Images can be at most 10000 pixels wide or high and 25 megapixels in all',
} as const;

export const MAX_IMAGE_BYTES = 2097152;
/**
 * Pixels, as the image's own header states them. A browser decodes every pixel of an image it
 * shows (4 bytes each), whatever its file size: a 2 MB PNG can claim 100000x100000 and make each
 * visitor's tab try to allocate 40 GB. 25 megapixels (100 MB decoded) is more than any photo a
 * product page or a logo needs; 10000 pixels a side stays within every browser's canvas.
 */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 25_000_000;
