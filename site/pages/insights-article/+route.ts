export default "/insights/@slug";
