export * from './AvatarPicture';
export { PICTOGRAMS, type Pictogram } from './pictograms';
