// What the error middleware says about failures that are not domain errors (a body that is not JSON, an outage).
import { defineMessages } from '../../../shared/i18n/define';

export const HTTP_MESSAGES = defineMessages({
  malformedJson: { id: 'error.malformedJson', defaultMessage: 'Malformed JSON in request body' },
  bodyTooLarge: { id: 'error.bodyTooLarge', defaultMessage: 'Request body is too large' },
  malformedUrl: { id: 'error.malformedUrl', defaultMessage: 'Malformed URL' },
  invalidBody: { id: 'error.invalidBody', defaultMessage: 'Invalid request body' },
  invalidRequest: { id: 'error.invalidRequest', defaultMessage: 'Invalid request' },
  unavailable: {
    id: 'error.unavailable',
    defaultMessage: 'The service is temporarily unavailable. Please try again in a moment.',
  },
  internal: { id: 'error.internal', defaultMessage: 'Something went wrong on our side. Please try again.' },
});
