import type { WidgetWords } from '@shared/schemas/widget';

/** The widget's English words as the server sends them for `business` (server/features/widget). */
export const englishWidgetWords = (business: string): WidgetWords => ({
  rated: 'Rated {{rating}} out of 5 stars',
  previous: 'Previous review',
  next: 'Next review',
  position: 'Review {{current}} of {{total}}',
  collectedBy: `Reviews collected by ${business}`,
  reviewsOf: `Customer reviews of ${business}`,
  noneToShow: 'No reviews to show yet.',
  reviews: 'Reviews',
  onSource: 'on {{source}}',
});
