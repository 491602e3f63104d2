// Which step of the take-part dialog a refusal asks for (take-part.tsx decides, take-part-dialog.tsx shows it).
export type TakePartStep = 'birthDate' | 'guardian';
