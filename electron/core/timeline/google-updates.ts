import { updatesFile } from '../../../shared/contract/annotations'
import shipped from './google-updates.json'

/** Google's announced updates as this version of Feedlens ships them (README.md: their sources). */
export const SHIPPED_UPDATES = updatesFile.parse(shipped)
