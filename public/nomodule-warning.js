/* Runs only in browsers without ES module support, where the app itself cannot start. Plain ES5 on purpose. */
(function () {
  var box = document.createElement('div');
  box.className = 'nomodule-warning';
  box.setAttribute('role', 'alert');
  box.appendChild(document.createTextNode(
    'Your browser is too old for Dễ Hiểu. Please update to Chrome 90, Firefox 88, Safari 14, Edge 90 or newer. ' +
    'Trình duyệt của bạn quá cũ để dùng Dễ Hiểu. Vui lòng cập nhật lên Chrome 90, Firefox 88, Safari 14, Edge 90 hoặc mới hơn.'
  ));
  function show() { document.body.insertBefore(box, document.body.firstChild); }
  if (document.body) show(); else document.addEventListener('DOMContentLoaded', show);
})();
