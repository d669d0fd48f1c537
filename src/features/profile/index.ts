/** The member's profile: the personal-information form (fill-info, edit-profile) and the profile view. */
export { ProfileForm, type ProfileFormProps } from './components/profile-form';
export { ProfileView, type ViewedProfile } from './components/profile-view';
export { useRejectedProfileWrite, profileWithChange, initialValues, validateProfile, type ProfileFormValues, type SaveOutcome } from './api';
