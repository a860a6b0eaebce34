import { describe, expect, it } from 'vitest';
import { catalogCoursePath, certificatePath, parseSchoolPath, schoolPath, webinarPath } from './routes.ts';

describe('routes', () => {
  it('builds school, certificate, webinar and catalogue paths', () => {
    expect(schoolPath('Coursehub')).toBe('/school/Coursehub/');
    expect(schoolPath('my school', '/courses')).toBe('/school/my%20school/courses');
    expect(certificatePath('a/b')).toBe('/certificate/a%2Fb');
    expect(webinarPath('intro')).toBe('/webinar/intro');
    expect(catalogCoursePath(7)).toBe('/course-catalog/7/');
  });

  it.each([
    ['/school/Coursehub/courses/', { schoolName: 'Coursehub', rest: 'courses' }],
    ['/school/Coursehub', { schoolName: 'Coursehub', rest: '' }],
    ['/school/my%20school/home-work/1/2/3/', { schoolName: 'my school', rest: 'home-work/1/2/3' }],
    ['/school/%E0%A4%A/x', { schoolName: '%E0%A4%A', rest: 'x' }],
    ['/school/', null],
    ['/login', null],
  ])('parseSchoolPath(%s)', (path, parsed) => {
    expect(parseSchoolPath(path)).toEqual(parsed);
  });
});
