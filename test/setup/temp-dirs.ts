import { afterAll } from 'vitest'
import { removeTempDirs } from '../helpers/temp-dirs'

// after every other afterAll of the file (hooks run last-registered first): its stores are closed by then
afterAll(removeTempDirs)
