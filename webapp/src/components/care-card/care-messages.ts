// The care card's words, the same in the form, the read-only card and the trip sheet.
import type { DietaryNeed } from '../../../../shared/care';
import { defineMessages, type MessageDescriptor } from '../../i18n';

export const careMessages = defineMessages({
  title: { id: 'web.care.title', defaultMessage: 'Health & emergency' },
  allergies: { id: 'web.care.allergies', defaultMessage: 'Allergies' },
  medications: { id: 'web.care.medications', defaultMessage: 'Medications' },
  medicalNotes: { id: 'web.care.medicalNotes', defaultMessage: 'Medical notes' },
  dietary: { id: 'web.care.dietary', defaultMessage: 'Dietary needs' },
  dietaryNotes: { id: 'web.care.dietaryNotes', defaultMessage: 'Other dietary notes' },
  contacts: { id: 'web.care.contacts', defaultMessage: 'Emergency contacts' },
  contactName: { id: 'web.care.contactName', defaultMessage: 'Name' },
  contactRelation: { id: 'web.care.contactRelation', defaultMessage: 'Relation' },
  contactPhone: { id: 'web.care.contactPhone', defaultMessage: 'Phone' },
  none: { id: 'web.care.none', defaultMessage: 'None given' },
  unreadable: {
    id: 'web.care.unreadable',
    defaultMessage: 'This card could not be opened. Saving it again replaces it.',
  },
  vegetarian: { id: 'web.care.diet.vegetarian', defaultMessage: 'Vegetarian' },
  vegan: { id: 'web.care.diet.vegan', defaultMessage: 'Vegan' },
  halal: { id: 'web.care.diet.halal', defaultMessage: 'Halal' },
  kosher: { id: 'web.care.diet.kosher', defaultMessage: 'Kosher' },
  glutenFree: { id: 'web.care.diet.glutenFree', defaultMessage: 'Gluten-free' },
  lactoseFree: { id: 'web.care.diet.lactoseFree', defaultMessage: 'Lactose-free' },
  nutFree: { id: 'web.care.diet.nutFree', defaultMessage: 'Nut-free' },
});

export const DIETARY_LABELS: Record<DietaryNeed, MessageDescriptor> = {
  vegetarian: careMessages.vegetarian,
  vegan: careMessages.vegan,
  halal: careMessages.halal,
  kosher: careMessages.kosher,
  gluten_free: careMessages.glutenFree,
  lactose_free: careMessages.lactoseFree,
  nut_free: careMessages.nutFree,
};
