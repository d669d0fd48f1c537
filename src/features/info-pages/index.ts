export { InfoDocument } from './components/info-document';
export { RichText } from './components/rich-text';
export { BirthdayPromotion, BlogBanner } from './components/single-blog';
export { documentQuery, informationQuery, termsQuery, DOCUMENT_TITLES, INFORMATION_DOCUMENT, TERMS_DOCUMENT } from '@/entities/documents';
